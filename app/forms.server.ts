/**
 * Reading posted forms without ever failing the request: a malformed body (a broken multipart
 * upload, a wrong content type) reads as an empty form, which every action refuses or ignores
 * with its usual message — a 400 or a redirect, never a 500.
 */

/** The request's form fields, or an empty form when the body cannot be parsed. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
