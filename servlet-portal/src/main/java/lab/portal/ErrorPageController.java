package lab.portal;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.servlet.ModelAndView;

/** Spring MVC: the container's error page ({@code /error}): unknown paths, wrong methods, anything unexpected ({@link Problem#of}). */
@Controller
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
class ErrorPageController implements ErrorController {

    private static final Logger log = LoggerFactory.getLogger(ErrorPageController.class);

    @RequestMapping("${server.error.path:/error}")
    ModelAndView error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = code instanceof Integer c && HttpStatus.resolve(c) != null ? HttpStatus.valueOf(c) : HttpStatus.INTERNAL_SERVER_ERROR;
        Object path = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        if (status.is5xxServerError() && request.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable t) {
            log.error("{} on {}", status.value(), path, t);
        }
        return ErrorPages.page(Problem.of(status, path), null);
    }
}
