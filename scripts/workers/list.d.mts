/** Every Web Worker the site starts: its bundle's name and its source (list.mjs). */
export declare const WORKERS: Record<string, string>;
