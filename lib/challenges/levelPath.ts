/** A level's own page (app/challenges/[level]), drawn at build time. A module of its own, so the level list can link levels without the link codec (share.ts). */
export const levelPath = (slug: string) => `/challenges/${slug}/`;
