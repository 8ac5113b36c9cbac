/**
 * `npm run schema:report`: writes `conformance/report/run-report.schema.json` from the report's
 * TypeScript types. Run it after changing `findings/finding.ts`, `findings/report.ts` or
 * `report/json-report.ts`; the schema test fails until the file is regenerated.
 */
import { writeFileSync } from 'node:fs';
import { RUN_REPORT_SCHEMA_PATH, generateRunReportSchema } from './run-report-schema.js';

writeFileSync(RUN_REPORT_SCHEMA_PATH, generateRunReportSchema());
console.log(`wrote ${RUN_REPORT_SCHEMA_PATH}`);
