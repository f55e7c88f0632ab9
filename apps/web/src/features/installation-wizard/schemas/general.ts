// The general tab's form schema: a chunk of its own, loaded right after the tab has painted.
export { CreateInstallationSchema } from '@portal/domain/installation';
