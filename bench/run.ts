// npm run bench (see bench/main.ts for the knobs). Not part of npm test.
import { relaunchUnderReactServer } from "./react-server";

if (!relaunchUnderReactServer()) {
  import("./main")
    .then((m) => m.main())
    .then(
      () => process.exit(0),
      (err) => {
        console.error(err instanceof Error ? err.stack : err);
        process.exit(1);
      },
    );
}
