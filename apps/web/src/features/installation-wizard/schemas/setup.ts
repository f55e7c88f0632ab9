// The setup tab's rows: a chunk of its own, loaded right after the tab has painted.
export { InstallationSetupSchema } from '@portal/domain/setup';
