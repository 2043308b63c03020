import type { ReactNode } from "react";
import "./present.css";

export default function PresentLayout({ children }: { children: ReactNode }) {
  return children;
}
