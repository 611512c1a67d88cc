import { describe, expect, it } from "vitest";
import { addressToKeep } from "./rename-offer.ts";

const renamed = { page: { path: "/new" }, oldPath: "/old", settledPath: "/new", answered: () => false, paths: ["/", "/new", "*"] };

describe("the offer to keep a renamed page's old address", () => {
  it("is made once the new address has settled", () => {
    expect(addressToKeep(renamed)).toBe("/old");
    expect(addressToKeep({ ...renamed, settledPath: "/ne" })).toBeUndefined();
  });

  it("is not made when there is nothing to keep", () => {
    expect(addressToKeep({ ...renamed, oldPath: undefined })).toBeUndefined();
    expect(addressToKeep({ ...renamed, oldPath: "/new" })).toBeUndefined();
    expect(addressToKeep({ ...renamed, oldPath: "*" })).toBeUndefined();
    expect(addressToKeep({ ...renamed, page: { path: "*" }, settledPath: "*" })).toBeUndefined();
  });

  it("is not made again once answered, nor for an address that already leads here or that another page has", () => {
    expect(addressToKeep({ ...renamed, answered: (path) => path === "/old" })).toBeUndefined();
    expect(addressToKeep({ ...renamed, page: { path: "/new", redirectFrom: ["/older", "/old"] } })).toBeUndefined();
    expect(addressToKeep({ ...renamed, paths: [...renamed.paths, "/old"] })).toBeUndefined();
  });
});
