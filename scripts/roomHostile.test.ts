import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACKS, describeAttack, runAttack, SHORT } from "./roomHostile";
import { startRoomServer, type RoomServerArgs } from "./roomServer";

// The relay alone on a free port of 127.0.0.1, with limits small enough for the short attacks.
const args: RoomServerArgs = {
  port: 0,
  host: "127.0.0.1",
  maxConnectionsPerRoom: 40,
  maxRooms: 100,
  presenterGraceMs: 60_000,
  perAddress: { joinsPerMinute: 600, guessesPerMinute: 20, rooms: 5, phonesPerRoom: 20 },
  sockets: { connectionsPerAddress: 150, pendingPerAddress: 50, silentPerAddress: 50, idleMs: 2_000 },
  allowOrigins: [],
  trustProxy: false,
};
let room: Awaited<ReturnType<typeof startRoomServer>>;
let url: string;
beforeAll(async () => {
  room = await startRoomServer(args, false);
  url = `${room.origin.replace(/^http/, "ws")}/relay`;
});
afterAll(() => room.stop());

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

describe("the relay under attack (the short hostile mode of npm run room:load)", () => {
  it.each(ATTACKS)(
    "%s: honest phones still join and vote, and the presenter's tally is exactly theirs",
    async (name) => {
      const result = await runAttack(name, url, SHORT, rssMb);
      console.log(describeAttack(result));
      expect(result).toMatchObject({
        honestJoined: SHORT.honestPhones,
        honestVoted: SHORT.honestPhones,
        tally: result.expected,
        held: true,
      });
      if (name === "stuffing") expect(result.achieved).toBe(1);
      if (name === "filling") expect(result.achieved).toBe(args.perAddress.phonesPerRoom);
      // One connection's opens each end its last room, so it holds one: the rest are one room a connection, up to the address's limit.
      if (name === "rooms")
        expect(result.achieved).toBeLessThanOrEqual(SHORT.roomsOneConnection + args.perAddress.rooms);
      if (name === "guessing") expect(result.achieved).toBeLessThanOrEqual(args.perAddress.guessesPerMinute);
      // The class's own address had spent its guesses: the class still joined its room.
      if (name === "classmate") expect(result.achieved).toBeGreaterThan(0);
    },
  );
});
