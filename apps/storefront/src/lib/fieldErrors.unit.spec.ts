import { ApiError } from '../api/client';
import { apiFieldErrorList, formRefusal, refusalSummary, shopWords } from './fieldErrors';

const refused = (errors: unknown, status = 400) => new ApiError('refused', status, 'http', { detail: 'refused', errors });

describe("the API's field errors in the shop's words", () => {
  it('keeps messages written for shoppers, and says those written with the API name with the form label', () => {
    expect(shopWords('Phone', 'shipping.phone', 'Please enter a valid phone number')).toBe('Please enter a valid phone number');
    expect(shopWords('ZIP code', 'shipping.zip_code', 'zip_code must be shorter than or equal to 20 characters')).toBe(
      'ZIP code can be at most 20 characters',
    );
    expect(shopWords('Design notes', 'design_notes', 'design_notes must be at most 5000 characters.')).toBe(
      'Design notes can be at most 5000 characters',
    );
    expect(shopWords('Full name', 'contact_name', 'contact_name is required')).toBe('Full name is required');
    expect(shopWords('Subject', 'subject', 'subject has a letter with more than 4 combining marks stacked on it')).toBe(
      'Subject has a letter with too many marks on it',
    );
    expect(shopWords('First name', 'firstName', 'firstName must be empty or hold a visible character')).toBe(
      'First name needs a letter or a digit, or leave it empty',
    );
    expect(shopWords('Last name', 'lastName', 'lastName must not hold bidi override, embedding or isolate characters')).toBe(
      'Last name holds characters that turn the text around; please remove them',
    );
    expect(shopWords('Karat', 'metal_karat', 'metal_karat for gold must be one of: 10K, 14K, 18K.')).toBe(
      'Please choose a karat from the list',
    );
  });

  it('puts each refused field on the form key it names, first one first, and keeps what no field shows apart', () => {
    const refusal = formRefusal(
      refused([
        { field: 'shipping.zip_code', message: 'zip_code must be shorter than or equal to 20 characters' },
        { field: 'shipping.phone', message: 'Please enter a valid phone number' },
        { field: 'shipping.phone', message: 'a second word on the same field' },
        { field: 'items.0.quantity', message: 'quantity must be at least 1' },
      ]),
      { 'shipping.zip_code': { key: 'zipCode', label: 'ZIP code' }, 'shipping.phone': { key: 'phone', label: 'Phone' } },
    );
    expect(refusal.errors).toEqual({ zipCode: 'ZIP code can be at most 20 characters', phone: 'Please enter a valid phone number' });
    expect(refusal.order).toEqual(['zipCode', 'phone']);
    expect(refusal.rest).toEqual(['Quantity must be at least 1']);
    expect(refusalSummary(refusal)).toBe('Quantity must be at least 1');
    expect(refusalSummary({ ...refusal, rest: [] })).toBe('Please correct the fields marked below.');
  });

  it('reads nothing from an error that is not a 400 with a list of fields, nor from a hostile body', () => {
    expect(apiFieldErrorList(new Error('down'))).toEqual([]);
    expect(apiFieldErrorList(refused([{ field: 'phone', message: 'x' }], 409))).toEqual([]);
    expect(apiFieldErrorList(new ApiError('x', 400, 'http', 'not json'))).toEqual([]);
    expect(apiFieldErrorList(refused({ length: 3 }))).toEqual([]);
    expect(apiFieldErrorList(refused([null, 7, { field: 1, message: 'x' }, { field: 'phone', message: 'ok' }]))).toEqual([
      { field: 'phone', message: 'ok' },
    ]);
    // A field named after Object.prototype's members is no field of the form.
    expect(formRefusal(refused([{ field: 'constructor', message: 'x' }]), {}).errors).toEqual({});
  });
});
