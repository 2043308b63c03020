// Types for staticSite.mjs, which stays plain JavaScript so `npm run serve` needs no build step.
import type { IncomingMessage, ServerResponse } from "node:http";

export const MAX_HEADER_SIZE: number;
export const siteRoot: string;
export function isFile(path: string): Promise<boolean>;
export function requireBuild(root?: string): Promise<void>;
export function staticHandler(root?: string): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
