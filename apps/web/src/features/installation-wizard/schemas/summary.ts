// The summary tab's form schema: a chunk of its own, loaded right after the tab has painted.
export { SubmitInstallationSchema } from '@portal/domain/summary';
