/** The spec the example app's types are generated from, relative to the project root. */
export declare const DEFAULT_SPEC: string;
/** The generated file the example app imports, relative to the project root. */
export declare const DEFAULT_OUTPUT: string;
/** The types of the spec at `specFile` (absolute, or relative to the project root), as source text. */
export declare function generateTypes(specFile?: string): Promise<string>;
