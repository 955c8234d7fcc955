export { benchCrust, testCounts, type CrustBenchOptions, type CrustBenchReport, type CrustProjectResult } from './bench.js';
export { crustProjects, type CrustProject } from './projects.js';
