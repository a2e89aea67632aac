// The import's own failure: the file is at fault, so the import fails with this message (no retry would help).
export class ImportFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFailure';
  }
}
