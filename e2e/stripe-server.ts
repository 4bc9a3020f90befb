// The fake Stripe API for the browser specs (started by playwright.config.ts): a spec registers the
// keys it saved in Settings > Payments (POST /__accounts), and the fake's checkout page pays and posts
// the signed webhook to the app.
import { startFakeStripe } from "../tests/fakes/stripe-server";

const port = Number(process.env.STRIPE_PORT);
startFakeStripe({ port, control: true }).then((fake) => console.log(`fake Stripe API on ${fake.url}`));
