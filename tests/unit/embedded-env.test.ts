import { describe, expect, it } from "vitest";
import { embeddedDatabaseEnv, embeddedDatabaseNodeArgs } from "../../lib/db/embedded-env";

describe("the embedded database's server process", () => {
  it("starts with one malloc arena unless one is set, and a smaller young generation", () => {
    expect(embeddedDatabaseEnv({})).toEqual({ MALLOC_ARENA_MAX: "1" });
    expect(embeddedDatabaseEnv({ MALLOC_ARENA_MAX: "4" })).toEqual({});
    expect(embeddedDatabaseNodeArgs()).toEqual(["--max-semi-space-size=8"]);
  });
});
