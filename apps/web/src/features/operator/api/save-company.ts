import { OperatorCompanySchema, type CompanyInput, type OperatorCompany } from '@portal/domain/operator';
import { useSaveOperatorRecord } from './save-operator-record';

/** Creates an installer company (id null) or changes one; 409 COMPANY_EXISTS names the taken field. */
export const useSaveCompany = () => useSaveOperatorRecord<CompanyInput, OperatorCompany>('/api/operator/companies', OperatorCompanySchema);
