/**
 * The server modules' dependency graph as dependency-cruiser reads it for `npm run lint:cycles`
 * (the same configuration, type imports included, tests left out): which module imports which,
 * and through which of its two entries (ADR 076).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './table-writes';

/** How one module reaches another: its index (`../m`), its data entry (`../m/data`), or both. */
export interface ModuleEdge {
  index: boolean;
  data: boolean;
}

/** Every module, each with the modules it imports; a module that imports none has an empty map. */
export type ModuleGraph = ReadonlyMap<string, ReadonlyMap<string, ModuleEdge>>;

interface CruisedModule {
  source: string;
  dependencies: { resolved: string }[];
}

const MODULES = 'server/modules';
const moduleOf = (file: string) => new RegExp(`^${MODULES}/([^/]+)/(.+)$`).exec(file);

export function serverModules(): string[] {
  return readdirSync(path.join(ROOT, MODULES), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Reads the graph with dependency-cruiser's command (about two seconds). */
export function moduleGraph(): ModuleGraph {
  const json = execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      MODULES,
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return graphOf((JSON.parse(json) as { modules: CruisedModule[] }).modules);
}

/** Folds cruised files into their modules. */
export function graphOf(cruised: CruisedModule[]): ModuleGraph {
  const graph = new Map(serverModules().map((name) => [name, new Map<string, ModuleEdge>()]));
  for (const file of cruised) {
    const from = moduleOf(file.source)?.[1];
    if (from === undefined) continue;
    for (const { resolved } of file.dependencies) {
      const target = moduleOf(resolved);
      const to = target?.[1];
      if (to === undefined || to === from) continue;
      const entry = target![2]!;
      const edges = graph.get(from) ?? new Map<string, ModuleEdge>();
      graph.set(from, edges);
      const edge = edges.get(to) ?? { index: false, data: false };
      // `module-entries-at-the-root` leaves only the root's files: index.ts, data.ts.
      if (/^data\.tsx?$/.test(entry)) edge.data = true;
      else edge.index = true;
      edges.set(to, edge);
    }
  }
  return graph;
}

/**
 * Each module's layer: 0 for one that imports no module, else one more than the highest layer it
 * imports. Throws on a cycle, which `no-module-cycle` refuses before this is read.
 */
export function layersOf(graph: ModuleGraph): Map<string, number> {
  const layers = new Map<string, number>();
  const visiting = new Set<string>();
  const layerOf = (name: string): number => {
    const known = layers.get(name);
    if (known !== undefined) return known;
    if (visiting.has(name))
      throw new Error(`module cycle through ${name}: run npm run lint:cycles`);
    visiting.add(name);
    const below = [...(graph.get(name)?.keys() ?? [])].map(layerOf);
    const layer = below.length === 0 ? 0 : Math.max(...below) + 1;
    visiting.delete(name);
    layers.set(name, layer);
    return layer;
  };
  for (const name of graph.keys()) layerOf(name);
  return layers;
}
