import { type Company, type CompanyBody, companyBodySchema } from '@windscope/contract';
import { type FieldErrorCodes, validateForm } from '../../ui/form/validate-form.ts';
import { isMessageCode } from '../../i18n/message-code.ts';

export interface CompanyFormValues {
  name: string;
  contactEmail: string;
  authorizedNumber: string;
  phone: string;
  address: string;
}

export const EMPTY_COMPANY_FORM: CompanyFormValues = { name: '', contactEmail: '', authorizedNumber: '', phone: '', address: '' };

export function companyFormFrom(company: Company): CompanyFormValues {
  return {
    name: company.name,
    contactEmail: company.contact_email ?? '',
    authorizedNumber: company.authorized_number ?? '',
    phone: company.phone ?? '',
    address: company.address ?? '',
  };
}

/** The server's rule (spec §5): names are unique ignoring case and surrounding spaces. Turkish and plain case rules both count. */
export function sameCompanyName(a: string, b: string): boolean {
  const x = a.trim();
  const y = b.trim();
  return x.toLocaleLowerCase('tr-TR') === y.toLocaleLowerCase('tr-TR') || x.toLowerCase() === y.toLowerCase();
}

export type CompanyFormResult = { ok: true; body: CompanyBody } | { ok: false; errors: FieldErrorCodes; takenName?: string };

/** Name required ("Şirket adı gereklidir"), not taken by another company (`"{name}" adında bir şirket zaten mevcut`), e-mail well formed. */
export function validateCompanyForm(values: CompanyFormValues, others: readonly Company[], editingId?: number): CompanyFormResult {
  const body: CompanyBody = {
    name: values.name,
    contact_email: values.contactEmail.trim(),
    authorized_number: values.authorizedNumber.trim() || null,
    phone: values.phone.trim() || null,
    address: values.address.trim() || null,
  };
  const checked = validateForm(companyBodySchema, body);
  if (!checked.ok) {
    const errors = { ...checked.errors };
    // the e-mail is "empty or an address": zod reports the union, not our code
    if (errors.contact_email && !isMessageCode(errors.contact_email)) errors.contact_email = 'EMAIL_INVALID';
    return { ok: false, errors };
  }
  const taken = others.find((company) => company.id !== editingId && sameCompanyName(company.name, values.name));
  if (taken) return { ok: false, errors: { name: 'COMPANY_NAME_TAKEN' }, takenName: values.name.trim() };
  return { ok: true, body: checked.data };
}
