import { existsSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';

/** The extensions tried, in order, after `<spec name>.resources`. */
const EXTENSIONS = ['.yaml', '.yml', '.json'];

/**
 * The resource config file beside a spec, if there is one: `openapi.yaml` → `openapi.resources.yaml`
 * (then `.yml`, `.json`). Named after the spec so that several specs can share a folder.
 */
export function findResourceConfig(specFile: string): string | undefined {
  const spec = resolve(specFile);
  const stem = basename(spec, extname(spec));
  return EXTENSIONS.map((ext) => join(dirname(spec), `${stem}.resources${ext}`)).find((candidate) =>
    existsSync(candidate),
  );
}
