/** Collects named imports per module while a generated .tsx file is being built, then prints them sorted. */
export class Imports {
  private byModule = new Map<string, Set<string>>();
  private defaults = new Map<string, string>();

  /** `use('react-admin', 'List')` → 'List'. */
  use(module: string, name: string): string {
    if (!this.byModule.has(module)) this.byModule.set(module, new Set());
    this.byModule.get(module)!.add(name);
    return name;
  }

  useDefault(module: string, name: string): string {
    this.defaults.set(module, name);
    return name;
  }

  print(): string {
    const lines = [...this.defaults].map(([m, n]) => `import ${n} from '${m}';`);
    for (const m of [...this.byModule.keys()].sort()) {
      const names = [...this.byModule.get(m)!].sort();
      const one = `import { ${names.join(', ')} } from '${m}';`;
      lines.push(one.length <= 110 ? one : `import {\n${names.map((n) => `  ${n},`).join('\n')}\n} from '${m}';`);
    }
    return lines.sort((a, b) => order(a) - order(b) || a.localeCompare(b)).join('\n');
  }
}

/** Packages first, then relative imports. */
const order = (line: string) => (line.includes("from '.") ? 1 : 0);

/** The admin kit, through the path alias of tsconfig.json and vite.config.ts. */
export const KIT = '@kit';
export const RA = 'react-admin';
/** Path from generated/admin/<resource>/ to generated/countries.ts. */
export const COUNTRIES = '../../countries';
