// Uploading a record file (the lobby's and the replay's form).
import { $, esc, getJSON, t } from "/static/common.js";

/** Sends a chosen record file to the server, which checks it as ``towerplay replay``
 * does; a good one opens its replay, a bad one's reason shows under the form. */
async function uploadRecord(file) {
  const line = $("upload-error");
  line.hidden = true;
  $("upload-state").textContent = t("uploading");
  try {
    const made = await getJSON("/api/uploads", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: file,
    });
    location.assign(made.replay);
  } catch (problem) {
    line.textContent = problem.message;
    line.hidden = false;
  } finally {
    $("upload-state").textContent = "";
  }
}

/** Fills the page's #upload-box with the upload form (the lobby's and the replay's). */
export function watchUploads() {
  $("upload-box").innerHTML = `<h2>${esc(t("upload_title"))}</h2>
    <p>${esc(t("upload_help"))}</p>
    <label class="button upload-pick"><span>${esc(t("upload_choose"))}</span>
      <input type="file" id="upload-file" accept=".json,application/json"></label>
    <span id="upload-state" aria-live="polite"></span>
    <p id="upload-error" class="error" role="alert" hidden></p>`;
  $("upload-file").addEventListener("change", (event) => {
    const file = event.target.files[0];
    event.target.value = "";  // the same file chosen again is sent again
    if (file) uploadRecord(file);
  });
}

