// npm run test:reliability (RELIABILITY_PROFILE=ci for the reduced run): see reliability/main.ts.
import { relaunchUnderReactServer } from "../bench/react-server";

if (!relaunchUnderReactServer()) {
  import("./main")
    .then((m) => m.main())
    .then(
      (code) => process.exit(code),
      (err) => {
        console.error(err instanceof Error ? err.stack : err);
        process.exit(1);
      },
    );
}
