import { describe, expect, it } from "vitest";
import { imageProblem, IMAGE_MAX_BYTES } from "./image-checks";

const file = (type: string, size: number) => ({ type, size }) as File;

describe("image checks", () => {
  it("uses the product's message for each problem", () => {
    expect(imageProblem(file("text/plain", 10), "picker")).toBe("Please select an image file");
    expect(imageProblem(file("text/plain", 10), "drop")).toBe("Please drop an image file");
    expect(imageProblem(file("image/png", IMAGE_MAX_BYTES), "picker")).toBe("Image size must be less than 5MB");
    expect(imageProblem(file("image/png", 1000), "picker")).toBeNull();
  });
});
