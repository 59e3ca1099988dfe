// Node's own cost of an answer: a bare `node:http` server (our flags) sending our pages' very bytes and headers.
import { spawn } from "node:child_process";
import { request } from "node:http";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { StaticCopy } from "./nginx-static";
import { SERVER_NODE_FLAGS } from "./server-command";
import { scratchDir } from "./scratch-dir";
import { endsWithThisProcess, portIsFree } from "./served-child";
import { untilAnswering } from "./until-answering";

const NODE_OWN = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

const SERVER = `
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
const pages = new Map(Object.entries(JSON.parse(readFileSync(process.argv[1], "utf8")))
  .map(([p, { headers, body }]) => [p, { headers, body: Buffer.from(body, "base64") }]));
createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) return void res.writeHead(404).end();
  res.writeHead(200, page.headers).end(page.body);
}).listen(Number(process.argv[2]), "127.0.0.1");
`;

function capture(url: string, headers: Record<string, string>): Promise<{ headers: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const kept: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (!NODE_OWN.has(res.rawHeaders[i]!.toLowerCase())) kept.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        resolve({ headers: kept, body: Buffer.concat(chunks).toString("base64") });
      });
    })
      .on("error", reject)
      .end();
  });
}

export async function serveNodeFloor({
  from,
  paths,
  port,
  headers,
}: {
  from: string;
  paths: readonly string[];
  port: number;
  headers: Record<string, string>;
}): Promise<StaticCopy> {
  const pages: Record<string, { headers: string[]; body: string }> = {};
  for (const p of paths) pages[p] = await capture(from + p, headers);
  const file = path.join(scratchDir("node-floor"), "pages.json");
  writeFileSync(file, JSON.stringify(pages));
  await portIsFree(port);
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, "--input-type=module", "-e", SERVER, file, String(port)],
    {
      stdio: "inherit",
    },
  );
  endsWithThisProcess(child);
  const base = `http://127.0.0.1:${port}`;
  await untilAnswering(base + paths[0], 50);
  return { base, pid: child.pid!, stop: () => void child.kill() };
}
