import base from './vite.config.ts';
import { writeFileSync } from 'node:fs';
const short = (k: string) => k.replace(/.*node_modules\//, 'nm:').replace(/.*apps\/web\//, '');
export default {
  ...base,
  plugins: [...(base.plugins ?? []), {
    name: 'dump',
    generateBundle(this: any, _o: unknown, bundle: Record<string, any>) {
      const out: Record<string, any> = {};
      for (const [f, c] of Object.entries(bundle)) if (c.type === 'chunk') out[f] = { imports: c.imports, modules: Object.fromEntries(Object.entries(c.modules).map(([k, v]: [string, any]) => [short(k), v.renderedLength])) };
      writeFileSync('/tmp/speed-chunks.json', JSON.stringify(out));
      const graph: Record<string, string[]> = {};
      for (const id of this.getModuleIds()) { const i = this.getModuleInfo(id); if (i) graph[short(id)] = i.importedIds.map(short); }
      writeFileSync('/tmp/speed-graph.json', JSON.stringify(graph));
    },
  }],
};
