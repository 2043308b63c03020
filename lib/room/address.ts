/**
 * Where the vote relay is, and the link phones join by. The relay is a setting: a path on the
 * server that serves the site (`npm run room` puts it at /relay), or the address of a relay run
 * anywhere else (`npm run room:relay`), which a hosted copy of the site needs.
 */

/** The relay's WebSocket URL for a setting, read against the page's address, or what is wrong with it. */
export function relayUrl(setting: string, pageHref: string): { url: string } | { problem: string } {
  const text = setting.trim();
  if (text === "")
    return { problem: "The relay address is empty: give a ws:// or wss:// address, or a path such as /relay." };
  let url: URL;
  try {
    url = new URL(text, pageHref);
  } catch {
    return {
      problem: `"${text}" is not an address: give one such as wss://relay.example.org/relay, or a path such as /relay.`,
    };
  }
  if (url.protocol === "http:") url.protocol = "ws:";
  else if (url.protocol === "https:") url.protocol = "wss:";
  if (url.protocol !== "ws:" && url.protocol !== "wss:")
    return {
      problem: `"${text}" is not a WebSocket address: it must start with ws://, wss://, http://, https:// or /.`,
    };
  // A page loaded over HTTPS may only open wss:// connections.
  if (url.protocol === "ws:" && new URL(pageHref).protocol === "https:")
    return { problem: `This page was loaded over HTTPS, so the browser allows only a wss:// relay, not "${text}".` };
  url.hash = "";
  return { url: url.toString() };
}

/**
 * The phones' link into a room: the join page with the code, and the relay's address when it is
 * not the join page's own server's (a relay that is a path goes with the page that serves it).
 */
export function joinLink(joinPage: string, code: string, relaySetting: string): string {
  const url = new URL(joinPage);
  url.searchParams.set("code", code);
  if (!relaySetting.trim().startsWith("/")) url.searchParams.set("relay", relaySetting.trim());
  return url.toString();
}
