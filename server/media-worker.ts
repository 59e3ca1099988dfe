// The photo child's entry (build/media-worker.js): a process of its own, started by the site's wiring.
import { runMediaChild } from "~/site/media-child.server";

runMediaChild();
