// The fake Graph API for the browser specs (started by playwright.config.ts): the Channel page checks
// the access token with GET /{phone-number-id} before saving, and this fake accepts any token.
import { startFakeGraph } from "../tests/fakes/graph-server";

const port = Number(process.env.GRAPH_PORT);
startFakeGraph({ port }).then((fake) => console.log(`fake Graph API on ${fake.url}`));
