import type { Metadata } from "next";
import { LabApp } from "@/components/lab/LabApp";
import "./lab.css";

export const metadata: Metadata = {
  title: "The lab",
  description: "Move a slider, predict, and watch a deterministic simulation of distributed locks, leases and fencing tokens play out.",
};

export default function LabPage() {
  return <LabApp />;
}
