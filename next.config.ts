import type { NextConfig } from "next";

// A static site: `next build` writes plain files to out/, which any static host (or
// scripts/serve.mjs) can serve. Directory-style URLs make /about/ resolve to about/index.html.
const nextConfig: NextConfig = {
  output: "export",
  trailingSlash: true,
  images: { unoptimized: true },
};

export default nextConfig;
