// Minimal typings of the two ZIP packages the H5P code uses (neither ships its own).
declare module 'yazl' {
  import type { Readable } from 'node:stream';
  export interface AddOptions {
    mtime?: Date;
    mode?: number;
    compress?: boolean;
    size?: number;
  }
  export class ZipFile {
    outputStream: Readable;
    addFile(realPath: string, metadataPath: string, options?: AddOptions): void;
    addReadStream(input: Readable, metadataPath: string, options?: AddOptions): void;
    addBuffer(buffer: Buffer, metadataPath: string, options?: AddOptions): void;
    addEmptyDirectory(metadataPath: string, options?: AddOptions): void;
    end(options?: { forceZip64Format?: boolean }, callback?: (finalSize: number) => void): void;
  }
}

declare module 'yauzl-promise' {
  import type { Readable } from 'node:stream';
  export interface Entry {
    filename: string;
    compressedSize: number;
    uncompressedSize: number;
    externalFileAttributes: number;
    versionMadeBy: number;
    generalPurposeBitFlag: number;
    compressionMethod: number;
    isEncrypted(): boolean;
    isCompressed(): boolean;
    openReadStream(options?: { decompress?: boolean; validateCrc32?: boolean; start?: number; end?: number }): Promise<Readable>;
  }
  export interface Zip extends AsyncIterable<Entry> {
    entryCount: number;
    readEntries(n?: number): Promise<Entry[]>;
    close(): Promise<void>;
  }
  export interface OpenOptions {
    decodeStrings?: boolean;
    validateEntrySizes?: boolean;
    validateFilenames?: boolean;
    strictFilenames?: boolean;
    supportMacArchive?: boolean;
  }
  export function open(path: string, options?: OpenOptions): Promise<Zip>;
}
