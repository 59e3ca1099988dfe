// The measuring scripts' reference: nginx serving our very bytes precompressed, measured in the same run, so what
// the machine costs is in both figures and only the ratio is compared.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { scratchDir } from "./scratch-dir";
import { endsWithThisProcess, portIsFree } from "./served-child";
import { untilAnswering } from "./until-answering";

export type StaticCopy = { base: string; pid: number; stop: () => void };

export async function serveStaticCopy({
  from,
  paths,
  port,
  clientDir = "build/client",
}: {
  from: string;
  paths: readonly string[];
  port: number;
  clientDir?: string;
}): Promise<StaticCopy> {
  execFileSync("bash", ["scripts/ensure-debian.sh", "nginx-light"], { stdio: "inherit" });
  const dir = scratchDir("nginx-copy");
  const root = path.join(dir, "root");
  mkdirSync(root);
  // nginx's workers run as an unprivileged user: they must be able to read the copy.
  chmodSync(dir, 0o755);
  const media = new Set<string>();
  for (const p of paths) {
    const res = await fetch(from + p, { headers: { "accept-encoding": "identity" } });
    if (res.status !== 200) throw new Error(`${from}${p} answered ${res.status}: nothing to copy`);
    const html = Buffer.from(await res.arrayBuffer());
    const file = path.join(root, p === "/" ? "index.html" : `${p.slice(1)}.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
    for (const [url] of html.toString().matchAll(/\/media\/[\w.-]+/g)) media.add(url);
  }
  // The owner's published photos live in the database, not in the build: copied too, so nginx serves the same bytes.
  if (media.size) mkdirSync(path.join(root, "media"));
  for (const url of media) {
    const res = await fetch(from + url);
    if (res.status !== 200) throw new Error(`${from}${url} answered ${res.status}: nothing to copy`);
    writeFileSync(path.join(root, url), Buffer.from(await res.arrayBuffer()));
  }
  for (const entry of readdirSync(clientDir)) {
    if (!existsSync(path.join(root, entry))) symlinkSync(path.resolve(clientDir, entry), path.join(root, entry));
  }
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes auto; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/nginx-error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types; default_type text/html; charset utf-8;
  access_log off; etag on; gzip_static on;
  gzip on; gzip_comp_level 6; gzip_types text/css application/javascript application/json image/svg+xml application/manifest+json;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port}; root ${root};
    location = / { try_files /index.html =404; }
    location / { try_files $uri $uri.html =404; }
  }
}
`,
  );
  await portIsFree(port);
  const nginx = spawn(existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx", ["-c", conf, "-p", dir], {
    stdio: "inherit",
  });
  endsWithThisProcess(nginx);
  const base = `http://127.0.0.1:${port}`;
  await untilAnswering(`${base}/`, 50);
  for (const p of paths) {
    const probe = await fetch(base + p, { headers: { "accept-encoding": "gzip" } });
    if (probe.status !== 200) throw new Error(`nginx answered ${probe.status} for ${p}`);
  }
  return { base, pid: nginx.pid!, stop: () => nginx.kill("SIGQUIT") };
}
