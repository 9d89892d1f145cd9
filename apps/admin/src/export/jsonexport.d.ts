/** jsonexport (react-admin's CSV writer) ships no types; the promise form is all the console uses. */
declare module 'jsonexport/dist' {
  interface Options {
    headers?: string[];
    /** Header names to write, in the order of `headers`. */
    rename?: string[];
    rowDelimiter?: string;
    forceTextDelimiter?: boolean;
  }
  function jsonExport(json: object[] | object, options?: Options): Promise<string>;
  export default jsonExport;
}
