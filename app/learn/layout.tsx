import type { ReactNode } from "react";
import { ProgressProvider } from "@/components/progress/ProgressProvider";

export default function LearnLayout({ children }: { children: ReactNode }) {
  return <ProgressProvider>{children}</ProgressProvider>;
}
