// The reason asked before going on with failed checks: a chunk of its own, loaded when the question shows.
export { ProceedWithFailedChecksSchema } from '@portal/domain/installation';
