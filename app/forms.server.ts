/**
 * Reading posted forms without ever failing the request: a malformed body (a broken multipart
 * upload, a wrong content type) reads as an empty form, which every action refuses or ignores
 * with its usual message — a 400 or a redirect, never a 500. A NUL character, which no text of
 * the shop holds and the database refuses in text, is taken out of every field.
 */

/** The request's form fields (NUL characters removed), or an empty form when the body cannot be parsed. */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return new FormData();
  }
  const entries = [...form.entries()];
  if (!entries.some(([, value]) => typeof value === "string" && value.includes("\u0000"))) return form;
  const cleaned = new FormData();
  for (const [name, value] of entries) cleaned.append(name, typeof value === "string" ? value.replaceAll("\u0000", "") : value);
  return cleaned;
}
