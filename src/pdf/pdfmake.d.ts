// The part of pdfmake 0.3 this project uses (the package ships no types; in Node 'pdfmake'
// resolves to js/index.js, in the browser build Vite takes the package's `browser` field,
// build/pdfmake.js). Both export one pdfmake instance.
declare module 'pdfmake' {
  /** The pdfkit document pdfmake renders into (a readable stream; not ended yet when handed out). */
  interface PdfKitDocument {
    fontCache?: Record<string, Record<string, unknown>>;
    _pageBuffer?: unknown[];
    _pageBufferStart?: number;
  }
  interface OutputDocument {
    /** The rendered pdfkit document before `end()`. */
    getStream(): Promise<PdfKitDocument>;
    /** Ends the document and collects its bytes (a Buffer in Node, a Uint8Array-like in browsers). */
    getBuffer(): Promise<Uint8Array>;
  }
  interface FontFamily {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }
  interface VirtualFs {
    writeFileSync(name: string, content: Uint8Array): void;
    existsSync(name: string): boolean;
    readFileSync(name: string): Uint8Array;
  }
  interface PdfMake {
    createPdf(docDefinition: object, options?: object): OutputDocument;
    addFonts(fonts: Record<string, FontFamily>): void;
    virtualfs: VirtualFs;
    setUrlAccessPolicy?(callback: (url: string) => boolean): void;
    /** Node build only. */
    setLocalAccessPolicy?(callback: (path: string) => boolean): void;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}
