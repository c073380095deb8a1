import { describe, expect, it } from "vitest";
import { pageWindow, paginate, parsePage, redirectToShownPage } from "./pagination";

describe("paginate", () => {
  it("has no previous on page 1 and a next when more pages follow", () => {
    expect(paginate(45, 1, 20)).toMatchObject({ page: 1, totalPages: 3, hasPrevious: false, hasNext: true, offset: 0 });
  });
  it("has a previous and no next on the last page", () => {
    expect(paginate(45, 3, 20)).toMatchObject({ page: 3, hasPrevious: true, hasNext: false, offset: 40 });
  });
  it("clamps a page beyond the total to the last page", () => {
    expect(paginate(45, 99, 20)).toMatchObject({ page: 3, offset: 40 });
  });
  it("rounds the page count up and keeps at least one page", () => {
    expect(paginate(41, 1, 20).totalPages).toBe(3);
    expect(paginate(40, 1, 20).totalPages).toBe(2);
    expect(paginate(0, 5, 20)).toMatchObject({ page: 1, totalPages: 1, hasPrevious: false, hasNext: false });
  });
  it("treats pages below 1 as page 1", () => {
    expect(paginate(100, -4, 20).page).toBe(1);
  });
});

describe("parsePage", () => {
  it("reads positive integers and ignores anything else", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage("abc")).toBe(1);
    expect(parsePage("-2")).toBe(1);
    expect(parsePage("2.5")).toBe(1);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("99999999999999")).toBe(1);
  });
});

describe("pageWindow", () => {
  it("shows the first, the last and the pages around the current one", () => {
    expect(pageWindow(5, 20)).toEqual([1, null, 3, 4, 5, 6, 7, null, 20]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
});

describe("redirectToShownPage", () => {
  const href = (page: number) => `/list?sort=name&page=${page}`;
  it("redirects a page beyond the last to the last, keeping the list's other filters", () => {
    let thrown: unknown;
    try {
      redirectToShownPage(9, paginate(25, 9, 10), href);
    } catch (response) {
      thrown = response;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/list?sort=name&page=3");
  });
  it("lets a page that exists through", () => {
    expect(() => redirectToShownPage(3, paginate(25, 3, 10), href)).not.toThrow();
    expect(() => redirectToShownPage(1, paginate(0, 1, 10), href)).not.toThrow();
  });
});
