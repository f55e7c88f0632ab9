import { workerData } from 'node:worker_threads';
import { bytesWriter, createDrain, runWriter, type WriterData } from './log-ring';

// The log's writer thread: takes the lines out of the ring and writes them, blocking here and
// never on the thread that answers requests.
const data = workerData as WriterData;
runWriter(data.memory, createDrain(data.memory, data.format, data.requestMessage, bytesWriter(data.fd)));
