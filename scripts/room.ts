/**
 * `npm run room`: the built site and the vote relay from this machine, for a class on the same
 * network. Prints the addresses, the relay's limits and a QR code of the phones' join page.
 * Ctrl-C stops it.
 */
import { RELAY_PATH, roomArgs, startOrExplain, terminalQr } from "./roomServer";

const room = await startOrExplain(roomArgs({ port: 4000, host: "0.0.0.0" }), true);
const join = `${room.origin}/room/`;
console.log(`Lease Lab room is open at ${room.origin}`);
console.log(`  decks, for the presenter: ${room.origin}/present/`);
console.log(`  phones join at:           ${join}`);
console.log(`  vote relay:               ${room.origin.replace(/^http/, "ws")}${RELAY_PATH}`);
if (!room.everywhere) console.log(`  (listening on this address only: pass --host 0.0.0.0 for the local network)`);
console.log(`  limits: ${room.limits.join(";\n          ")}`);
console.log(`\n${terminalQr(join)}`);
console.log('Open a deck\'s presenter view, then "Open a room". Ctrl-C stops the room.');
