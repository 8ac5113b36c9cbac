// Half of the real-world corpus (see _corpus-certify.ts): the other half runs in parallel in corpus-certify-2.test.ts.
import { certifyCorpus } from './_corpus-certify.js';

certifyCorpus(0, 2);
