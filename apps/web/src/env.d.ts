/** Id of the running build; the same id is written to `/version.json` at build time. */
declare const __BUILD_ID__: string;
