/**
 * `npm run room:relay`: the vote relay alone, for a Node host that a hosted copy of the site can
 * reach (give the site its address in the presenter view's room settings, and the relay the site's
 * origin with --allow-origin). Ctrl-C stops it.
 */
import { RELAY_PATH, roomArgs, startOrExplain } from "./roomServer";

const room = await startOrExplain(roomArgs({ port: 8787, host: "0.0.0.0" }), false);
console.log(`Lease Lab vote relay is listening at ${room.origin.replace(/^http/, "ws")}${RELAY_PATH}`);
console.log(`  limits: ${room.limits.join(";\n          ")}`);
console.log("Behind HTTPS, put a proxy that terminates TLS in front of it, and give the site its wss:// address.");
