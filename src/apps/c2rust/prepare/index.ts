export { applyPlan, checkCrate, type BuildCheck } from './apply.js';
export { cratePlanPath, defaultPlan, moduleOfFile, parsePlan, PLAN_TAG, planFacts, validatePlan, type CratePlan, type PlanFacts, type PlannedModule } from './plan.js';
export { prepareCrate, PREPARE_ROUNDS, type PrepareOptions, type PrepareResult } from './prepare.js';
