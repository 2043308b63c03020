import type { ReactNode } from "react";
import { ProgressProvider } from "@/components/progress/ProgressProvider";

export default function ReviewLayout({ children }: { children: ReactNode }) {
  return <ProgressProvider>{children}</ProgressProvider>;
}
