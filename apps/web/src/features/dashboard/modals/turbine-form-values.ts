import {
  type CreateTurbineBody,
  createTurbineBodySchema,
  DEFAULT_ROOMS,
  type Turbine,
  type TurbineStatus,
  type UpdateTurbineBody,
  updateTurbineBodySchema,
} from '@windscope/contract';
import { type FieldErrorCodes, validateForm } from '../../../ui/form/validate-form.ts';
import { displayCity } from '../../management/text.ts';
import { type AssetFormValues, assetBody, assetFormFrom, emptyAssetForm } from '../../turbine-assets/asset-values.ts';

/** What the add and edit forms hold; text inputs keep strings, the room count may be empty while typing. */
export interface TurbineFormValues {
  companyId: number | null;
  turbineName: string;
  city: string;
  code: string;
  location: string;
  rooms: number | '';
  siteName: string;
  coordinates: string;
  status: TurbineStatus;
  assets: AssetFormValues;
}

export function emptyTurbineForm(companyId: number | null): TurbineFormValues {
  return {
    companyId,
    turbineName: '',
    city: '',
    code: '',
    location: '',
    rooms: DEFAULT_ROOMS,
    siteName: '',
    coordinates: '',
    status: 'active',
    assets: emptyAssetForm(),
  };
}

export function turbineFormFrom(turbine: Turbine): TurbineFormValues {
  return {
    companyId: turbine.company_id,
    turbineName: turbine.turbine_name ?? '',
    city: displayCity(turbine.city),
    code: turbine.code,
    location: turbine.location,
    rooms: turbine.rooms,
    siteName: turbine.site_name ?? '',
    // older text that did not read as a position is shown to be corrected, never dropped by a save (issue 27)
    coordinates: turbine.coordinates ?? turbine.coordinates_unreadable ?? '',
    status: turbine.status,
    assets: assetFormFrom(turbine),
  };
}

/** Spec §5: the add button stays disabled until city, code, location and rooms are filled. */
export function requiredAddFieldsFilled(values: TurbineFormValues): boolean {
  return values.city.trim() !== '' && values.code.trim() !== '' && values.location.trim() !== '' && values.rooms !== '';
}

/** The rooms message as soon as a number below 1 (or a fraction) is typed. */
export function roomsErrorCode(rooms: number | ''): string | undefined {
  if (rooms === '') return undefined;
  return Number.isInteger(rooms) && rooms >= 1 ? undefined : 'TURBINE_ROOMS_MIN';
}

const optional = (value: string) => (value.trim() === '' ? null : value.trim());

export type TurbineFormResult<T> = { ok: true; body: T } | { ok: false; errors: FieldErrorCodes };

/** Add: the contract's schema, plus "pick a company first" for whoever chooses one (superadmin). */
export function validateAddTurbine(values: TurbineFormValues, choosesCompany: boolean): TurbineFormResult<CreateTurbineBody> {
  const body: CreateTurbineBody = {
    turbine_name: optional(values.turbineName),
    city: values.city,
    code: values.code,
    location: values.location,
    rooms: values.rooms === '' ? Number.NaN : values.rooms,
    site_name: optional(values.siteName),
    coordinates: optional(values.coordinates),
    company_id: values.companyId,
    ...assetBody(values.assets),
  };
  const checked = validateForm(createTurbineBodySchema, body);
  const errors: FieldErrorCodes = checked.ok ? {} : { ...checked.errors };
  if (choosesCompany && values.companyId === null) errors.company_id = 'TURBINE_COMPANY_REQUIRED';
  return checked.ok && Object.keys(errors).length === 0 ? { ok: true, body: checked.data } : { ok: false, errors };
}

/** Edit: city, code, location and company required; rooms carried over; status as chosen (superadmin) or as stored. */
export function validateEditTurbine(values: TurbineFormValues, current: Turbine): TurbineFormResult<UpdateTurbineBody> {
  const body: UpdateTurbineBody = {
    turbine_name: optional(values.turbineName),
    city: values.city,
    code: values.code,
    location: values.location,
    rooms: current.rooms,
    site_name: optional(values.siteName),
    coordinates: optional(values.coordinates),
    company_id: values.companyId,
    status: values.status,
    ...assetBody(values.assets),
  };
  const checked = validateForm(updateTurbineBodySchema, body);
  const errors: FieldErrorCodes = checked.ok ? {} : { ...checked.errors };
  if (values.companyId === null) errors.company_id = 'TURBINE_COMPANY_REQUIRED';
  return checked.ok && Object.keys(errors).length === 0 ? { ok: true, body: checked.data } : { ok: false, errors };
}
