// Half of the real-world corpus (see _corpus-certify.ts): the other half runs in parallel in corpus-certify-1.test.ts.
import { certifyCorpus } from './_corpus-certify.js';

certifyCorpus(1, 2);
