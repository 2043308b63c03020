"use client";

import { createContext } from "react";

/**
 * True inside a <noscript> (a prediction's answer for readers without JavaScript): what renders
 * there must not open a <noscript> of its own, since with scripts on a browser reads the outer one
 * as text that ends at the first "</noscript>", and would parse the rest as part of the page.
 */
export const InsideNoscript = createContext(false);
