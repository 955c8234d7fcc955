/** Saved methodologies: storage, the save tool, selection on the first turn, git sharing (docs/methodology.md). */
export {
  findMethodology,
  listMethodologies,
  methodologyDir,
  methodologySlug,
  saveMethodology,
  type Methodology,
  type MethodologyPlaces,
  type MethodologyScope,
  type SaveMethodologyInput,
} from './store.js';
export { createMethodologyTools, SAVE_METHODOLOGY } from './tool.js';
export { attachMethodology, type MethodologySettings } from './select.js';
export { shareMethodologies, syncMethodologies, type ShareContext, type ShareReport } from './share.js';
