/** Thrown inside an import that was asked to stop (an import run's cancel): nothing is written. */
export class ImportCancelled extends Error {
  constructor() {
    super('The import was cancelled');
    this.name = 'ImportCancelled';
  }
}
