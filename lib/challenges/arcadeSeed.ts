/**
 * The largest arcade seed, a 32-bit unsigned integer (the engine's Rng takes its seed as one: seed >>> 0). A module of its own
 * so that the level list and the link codec can check a seed without loading the arcade's
 * generator, which simulates and brings the engine with it.
 */
export const ARCADE_MAX_SEED = 4_294_967_295;
