// The node:http floor: the benchmark's requests answered by bench/floor/scenario-sql.ts on the postgres
// driver, with no framework in between. BENCH_DATABASE_URL, BENCH_BUSINESS_ID, PORT.
import { createServer } from "node:http";
import postgres from "postgres";
import { createFloor } from "./scenario-sql";

const sql = postgres(process.env.BENCH_DATABASE_URL as string, { max: Number(process.env.DB_POOL_MAX ?? 10), onnotice: () => {} });
const floor = createFloor(sql, process.env.BENCH_BUSINESS_ID as string);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", async () => {
    const url = new URL(req.url ?? "/", "http://localhost");
    try {
      const out = await floor({
        method: req.method ?? "GET",
        pathname: url.pathname,
        search: url.searchParams,
        body: chunks.length ? Buffer.concat(chunks).toString("utf8") : null,
      });
      const body = JSON.stringify(out.body);
      res.writeHead(out.status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
      res.end(body);
    } catch (err) {
      console.error(err);
      res.writeHead(500).end();
    }
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 3100), "127.0.0.1", () => console.log(`node floor on ${process.env.PORT ?? 3100}`));
